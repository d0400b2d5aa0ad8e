// SPDX-License-Identifier: MIT
// Test double for the local devnet only — the execution interface ModularAccountV2 and MultiOwnerModularAccount
// share; production uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";

import {AccountCore} from "./AccountCore.sol";

/// @notice One call of a batch, as the modular account interfaces define it.
struct Call {
    address target;
    uint256 value;
    bytes data;
}

/// @notice `execute(target, value, data)` and `executeBatch(Call[])`, both returning the call results.
abstract contract ModularAccountCore is AccountCore {
    constructor(IEntryPoint entryPoint_) AccountCore(entryPoint_) {}

    function execute(address target, uint256 value, bytes calldata data)
        external
        payable
        onlyAuthorized
        returns (bytes memory result)
    {
        result = _call(target, value, data);
    }

    function executeBatch(Call[] calldata calls) external payable onlyAuthorized returns (bytes[] memory results) {
        results = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            results[i] = _call(calls[i].target, calls[i].value, calls[i].data);
        }
    }
}
