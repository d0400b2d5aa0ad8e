// The parts of the account and factory interfaces the kit calls.

/** The LightAccount calls the kit makes: `execute`, `executeBatch`, `owner`. */
export const lightAccountAbi = [
  {
    type: "function",
    name: "execute",
    stateMutability: "nonpayable",
    inputs: [
      { name: "dest", type: "address" },
      { name: "value", type: "uint256" },
      { name: "func", type: "bytes" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "executeBatch",
    stateMutability: "nonpayable",
    inputs: [
      { name: "dest", type: "address[]" },
      { name: "value", type: "uint256[]" },
      { name: "func", type: "bytes[]" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "owner",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "address" }],
  },
] as const;

/** The owner-management calls of the multi-owner account types: `updateOwners`, `owners`. */
export const multiOwnerAbi = [
  {
    type: "function",
    name: "updateOwners",
    stateMutability: "nonpayable",
    inputs: [
      { name: "ownersToAdd", type: "address[]" },
      { name: "ownersToRemove", type: "address[]" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "owners",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "address[]" }],
  },
] as const;

/** The Modular Account v2 calls the kit makes: `execute`, `executeBatch`. */
export const modularAccountAbi = [
  {
    type: "function",
    name: "execute",
    stateMutability: "payable",
    inputs: [
      { name: "target", type: "address" },
      { name: "value", type: "uint256" },
      { name: "data", type: "bytes" },
    ],
    outputs: [{ name: "result", type: "bytes" }],
  },
  {
    type: "function",
    name: "executeBatch",
    stateMutability: "payable",
    inputs: [
      {
        name: "calls",
        type: "tuple[]",
        components: [
          { name: "target", type: "address" },
          { name: "value", type: "uint256" },
          { name: "data", type: "bytes" },
        ],
      },
    ],
    outputs: [{ name: "results", type: "bytes[]" }],
  },
] as const;

/** ABI of the LightAccount factory: `createAccount` and `getAddress` by owner and salt. */
export const lightAccountFactoryAbi = [
  {
    type: "function",
    name: "createAccount",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "account", type: "address" }],
  },
  {
    type: "function",
    name: "getAddress",
    stateMutability: "view",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "", type: "address" }],
  },
] as const;

/** ABI of the MultiOwnerLightAccount factory: `createAccount` and `getAddress` by owners and salt. */
export const multiOwnerLightAccountFactoryAbi = [
  {
    type: "function",
    name: "createAccount",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owners", type: "address[]" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "account", type: "address" }],
  },
  {
    type: "function",
    name: "getAddress",
    stateMutability: "view",
    inputs: [
      { name: "owners", type: "address[]" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "", type: "address" }],
  },
] as const;

/** The Modular Account v2 factory: `createSemiModularAccount`, `getAddressSemiModular` by owner and salt. */
export const modularAccountV2FactoryAbi = [
  {
    type: "function",
    name: "createSemiModularAccount",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "account", type: "address" }],
  },
  {
    type: "function",
    name: "getAddressSemiModular",
    stateMutability: "view",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "", type: "address" }],
  },
] as const;

/** ABI of the MultiOwnerModularAccount factory: `createAccount` and `getAddress` by salt and owners. */
export const multiOwnerModularAccountFactoryAbi = [
  {
    type: "function",
    name: "createAccount",
    stateMutability: "nonpayable",
    inputs: [
      { name: "salt", type: "uint256" },
      { name: "owners", type: "address[]" },
    ],
    outputs: [{ name: "", type: "address" }],
  },
  {
    type: "function",
    name: "getAddress",
    stateMutability: "view",
    inputs: [
      { name: "salt", type: "uint256" },
      { name: "owners", type: "address[]" },
    ],
    outputs: [{ name: "", type: "address" }],
  },
] as const;
