// JSON logs. Payment headers, cookies and tokens are redacted wherever they appear.
import pino from "pino";
import { env } from "./env";

export const logger = pino({
  level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
  redact: {
    paths: [
      "*.headers.cookie",
      "*.headers.authorization",
      '*.headers["payment-signature"]',
      '*.headers["x-marketplace-token"]',
    ],
    censor: "[redacted]",
  },
});
