// SPDX-License-Identifier: MIT
// Test double for the local devnet only — shared plumbing of our account doubles (EntryPoint v0.7 validation,
// calls, deposit); production uses the canonical contracts at their published addresses.
pragma solidity ^0.8.24;

import {IAccount} from "@account-abstraction/contracts/interfaces/IAccount.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";

/// @notice What every account double shares: the ERC-4337 v0.7 `validateUserOp` entry, a one-time initializer
/// for clones, low-level calls that bubble reverts, and EntryPoint deposit helpers. Signature rules live in
/// the concrete accounts (`_validateUserOpSignature`, `_isValidSignature`).
abstract contract AccountCore is IAccount {
    bytes4 internal constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant ERC1271_INVALID = 0xffffffff;
    uint256 internal constant SIG_VALIDATION_SUCCESS = 0;
    uint256 internal constant SIG_VALIDATION_FAILED = 1;

    IEntryPoint private immutable _ENTRY_POINT;
    bool private _initialized;

    error NotAuthorized(address caller);
    error AlreadyInitialized();
    error ArrayLengthMismatch();

    constructor(IEntryPoint entryPoint_) {
        _ENTRY_POINT = entryPoint_;
        // The implementation behind the clones can never be initialized (and so never owned).
        _initialized = true;
    }

    receive() external payable {}

    /// @dev Guards the clone initializer: runs once, in the factory's deployment transaction.
    modifier initializer() {
        if (_initialized) revert AlreadyInitialized();
        _initialized = true;
        _;
    }

    modifier onlyEntryPoint() {
        if (msg.sender != address(_ENTRY_POINT)) revert NotAuthorized(msg.sender);
        _;
    }

    /// @dev The EntryPoint, the account itself, or an owner calling directly.
    modifier onlyAuthorized() {
        if (msg.sender != address(_ENTRY_POINT) && msg.sender != address(this) && !_isOwner(msg.sender)) {
            revert NotAuthorized(msg.sender);
        }
        _;
    }

    /// @dev Owner management: only through a user operation (the EntryPoint), the account itself, or an owner.
    modifier onlySelfOrOwner() {
        if (msg.sender != address(this) && msg.sender != address(_ENTRY_POINT) && !_isOwner(msg.sender)) {
            revert NotAuthorized(msg.sender);
        }
        _;
    }

    function entryPoint() public view returns (IEntryPoint) {
        return _ENTRY_POINT;
    }

    /// @inheritdoc IAccount
    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds)
        external
        onlyEntryPoint
        returns (uint256 validationData)
    {
        validationData = _validateUserOpSignature(userOp.signature, userOpHash);
        if (missingAccountFunds > 0) {
            // The EntryPoint checks the deposit afterwards; ignoring the result is the ERC-4337 convention.
            (bool ok,) = payable(msg.sender).call{value: missingAccountFunds}("");
            ok;
        }
    }

    /// @notice ERC-1271.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return _isValidSignature(hash, signature) ? ERC1271_MAGIC_VALUE : ERC1271_INVALID;
    }

    /// @notice The account's sequential nonce (key 0) at the EntryPoint.
    function getNonce() external view returns (uint256) {
        return _ENTRY_POINT.getNonce(address(this), 0);
    }

    function getDeposit() external view returns (uint256) {
        return _ENTRY_POINT.balanceOf(address(this));
    }

    function addDeposit() external payable {
        _ENTRY_POINT.depositTo{value: msg.value}(address(this));
    }

    function withdrawDepositTo(address payable withdrawAddress, uint256 amount) external onlySelfOrOwner {
        _ENTRY_POINT.withdrawTo(withdrawAddress, amount);
    }

    function _call(address target, uint256 value, bytes memory data) internal returns (bytes memory result) {
        bool success;
        (success, result) = target.call{value: value}(data);
        if (!success) {
            assembly ("memory-safe") {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function _validateUserOpSignature(bytes calldata signature, bytes32 userOpHash)
        internal
        view
        virtual
        returns (uint256);

    function _isValidSignature(bytes32 hash, bytes calldata signature) internal view virtual returns (bool);

    function _isOwner(address candidate) internal view virtual returns (bool);
}
