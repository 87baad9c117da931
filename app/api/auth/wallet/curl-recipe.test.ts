// The shell recipe of docs/agents.md ("A token without an account") run as written, with curl and jq
// against the routes served over HTTP; only `cast wallet sign` is replaced by the same EIP-191
// personal_sign in node (viem), since Foundry is not installed here.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/free-port";

const port = await freePort();
process.env.BASE_URL = `http://127.0.0.1:${port}`;
const { startAppServer } = await import("@/test/http/app-server");
const { authenticateToken } = await import("@/server/accounts/marketplace-tokens");

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer(port);
});
afterAll(async () => {
  await app.close();
});

/** The recipe's block from docs/agents.md, with `cast` replaced as said above. */
function recipe(): string {
  const doc = readFileSync("docs/agents.md", "utf8");
  const block = /## A token without an account[\s\S]*?```sh\n([\s\S]*?)```/.exec(doc)![1]!;
  const sign = `node --input-type=module -e 'import { privateKeyToAccount } from "viem/accounts"; console.log(await privateKeyToAccount(process.argv[1]).signMessage({ message: process.argv[2] }))'`;
  return block
    .replace(/^BASE=.*$/m, `BASE=${app.url}`)
    .replace(/^KEY=.*$/m, "")
    .replace(/\$\(cast wallet address --private-key "\$KEY"\)/, '"$WALLET_ADDRESS"')
    .replace(/cast wallet sign --private-key "\$KEY" /, `${sign} "$KEY" `)
    .replace(/^curl -i "\$BASE\/api\/x402[\s\S]*?\n.*\n/m, "")
    .replaceAll("challenge.json", join(mkdtempSync(join(tmpdir(), "wallet-recipe-")), "challenge.json"))
    .concat('\necho "TOKEN=$TOKEN"\n');
}

describe("the documented curl recipe", () => {
  it("challenge, sign, token, then the token lists the wallet's tokens", async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    const script = recipe();
    expect(script).toContain("/api/auth/wallet/token");
    const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script], {
      cwd: process.cwd(),
      env: { ...process.env, KEY: key, WALLET_ADDRESS: address },
    });
    const token = /TOKEN=(apmt_\S+)/.exec(stdout)?.[1];
    expect(token, stdout).toBeDefined();
    expect(stdout).toContain(`"walletAddress":"${address}"`);
    expect(await authenticateToken(token!)).toMatchObject({ name: "my-agent", wallet: address });
  });
});
