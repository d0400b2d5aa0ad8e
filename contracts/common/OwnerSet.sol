// SPDX-License-Identifier: MIT
// Test double for the local devnet only — the owner set of our multi-owner account doubles; production uses the
// canonical contracts at their published addresses.
pragma solidity ^0.8.24;

/// @notice A set of owner addresses (order of insertion kept) with the `updateOwners` rules of the
/// multi-owner interfaces: no zero address, no duplicates, removing an unknown owner reverts, and the set can
/// never become empty.
abstract contract OwnerSet {
    address[] private _owners;
    mapping(address => uint256) private _positionPlusOne;

    event OwnersUpdated(address[] addedOwners, address[] removedOwners);

    error InvalidOwner(address owner);
    error OwnerDoesNotExist(address owner);
    error EmptyOwnersNotAllowed();

    /// @notice The current owners.
    function owners() public view returns (address[] memory) {
        return _owners;
    }

    function isOwner(address candidate) public view returns (bool) {
        return _positionPlusOne[candidate] != 0;
    }

    function _addOwners(address[] memory toAdd) internal {
        for (uint256 i = 0; i < toAdd.length; i++) {
            address owner = toAdd[i];
            if (owner == address(0) || owner == address(this) || _positionPlusOne[owner] != 0) {
                revert InvalidOwner(owner);
            }
            _owners.push(owner);
            _positionPlusOne[owner] = _owners.length;
        }
    }

    function _removeOwners(address[] memory toRemove) internal {
        for (uint256 i = 0; i < toRemove.length; i++) {
            address owner = toRemove[i];
            uint256 positionPlusOne = _positionPlusOne[owner];
            if (positionPlusOne == 0) revert OwnerDoesNotExist(owner);
            address last = _owners[_owners.length - 1];
            _owners[positionPlusOne - 1] = last;
            _positionPlusOne[last] = positionPlusOne;
            _owners.pop();
            delete _positionPlusOne[owner];
        }
    }

    function _updateOwners(address[] memory toAdd, address[] memory toRemove) internal {
        _removeOwners(toRemove);
        _addOwners(toAdd);
        if (_owners.length == 0) revert EmptyOwnersNotAllowed();
        emit OwnersUpdated(toAdd, toRemove);
    }
}
