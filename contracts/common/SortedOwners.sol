// SPDX-License-Identifier: MIT
// Test double for the local devnet only — owner-list rule of our multi-owner factories; production uses the
// canonical contracts at their published addresses.
pragma solidity ^0.8.24;

/// @notice Multi-owner factories take owners strictly ascending (no zero address, no duplicates), so one owner
/// set has exactly one counterfactual address whatever order a member lists it in.
library SortedOwners {
    error InvalidOwners();

    function check(address[] calldata owners) internal pure {
        if (owners.length == 0) revert InvalidOwners();
        address previous = address(0);
        for (uint256 i = 0; i < owners.length; i++) {
            if (owners[i] <= previous) revert InvalidOwners();
            previous = owners[i];
        }
    }
}
