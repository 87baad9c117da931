// How a review's receipt is refused, whoever issued it: 422 receipt_invalid with the reason.
import { AppError } from "../errors";

export const refuseReceipt = (why: string): never => {
  throw new AppError("receipt_invalid", `This receipt does not back the review: ${why}`);
};
