// The x402 batch-settlement escrow contract's interface, as the library's facilitator calls it
// (@x402/evm 2.27 does not export its ABI): what the local escrow (local-escrow.ts) decodes and answers.
const channelConfig = {
  name: "config",
  type: "tuple",
  components: [
    { name: "payer", type: "address" },
    { name: "payerAuthorizer", type: "address" },
    { name: "receiver", type: "address" },
    { name: "receiverAuthorizer", type: "address" },
    { name: "token", type: "address" },
    { name: "withdrawDelay", type: "uint40" },
    { name: "salt", type: "bytes32" },
  ],
} as const;

const voucherClaims = {
  name: "voucherClaims",
  type: "tuple[]",
  components: [
    {
      name: "voucher",
      type: "tuple",
      components: [
        { ...channelConfig, name: "channel" },
        { name: "maxClaimableAmount", type: "uint128" },
      ],
    },
    { name: "signature", type: "bytes" },
    { name: "totalClaimed", type: "uint128" },
  ],
} as const;

const fn = <const I extends readonly unknown[], const O extends readonly unknown[]>(
  name: string,
  inputs: I,
  outputs: O,
) => ({ type: "function", name, inputs, outputs, stateMutability: "nonpayable" }) as const;

export const escrowAbi = [
  fn("multicall", [{ name: "data", type: "bytes[]" }], [{ name: "results", type: "bytes[]" }]),
  fn(
    "deposit",
    [
      channelConfig,
      { name: "amount", type: "uint128" },
      { name: "collector", type: "address" },
      { name: "collectorData", type: "bytes" },
    ],
    [],
  ),
  fn("claimWithSignature", [voucherClaims, { name: "authorizerSignature", type: "bytes" }], []),
  fn(
    "settle",
    [
      { name: "receiver", type: "address" },
      { name: "token", type: "address" },
    ],
    [],
  ),
  fn(
    "refundWithSignature",
    [
      channelConfig,
      { name: "amount", type: "uint128" },
      { name: "nonce", type: "uint256" },
      { name: "receiverAuthorizerSignature", type: "bytes" },
    ],
    [],
  ),
  fn(
    "channels",
    [{ name: "channelId", type: "bytes32" }],
    [
      { name: "balance", type: "uint128" },
      { name: "totalClaimed", type: "uint128" },
    ],
  ),
  fn(
    "pendingWithdrawals",
    [{ name: "channelId", type: "bytes32" }],
    [
      { name: "amount", type: "uint128" },
      { name: "initiatedAt", type: "uint40" },
    ],
  ),
  fn(
    "receivers",
    [
      { name: "receiver", type: "address" },
      { name: "token", type: "address" },
    ],
    [
      { name: "totalClaimed", type: "uint128" },
      { name: "totalSettled", type: "uint128" },
    ],
  ),
  fn("refundNonce", [{ name: "channelId", type: "bytes32" }], [{ name: "", type: "uint256" }]),
  {
    type: "event",
    name: "Settled",
    inputs: [
      { name: "receiver", type: "address", indexed: true },
      { name: "token", type: "address", indexed: true },
      { name: "sender", type: "address", indexed: true },
      { name: "amount", type: "uint128", indexed: false },
    ],
    anonymous: false,
  },
] as const;

/** ERC-3009 ReceiveWithAuthorization (the deposit collector pulls the payer's funds with it). */
export const receiveAuthorizationTypes = {
  ReceiveWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;
