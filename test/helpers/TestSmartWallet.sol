// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A smart account for the wallet proof tests (ERC-1271): a signature is valid when its owner's key
/// made it over the hash asked about. Compiled by the tests with solc (npm), as TestToken.sol is.
contract TestSmartWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// Deploys TestSmartWallets at CREATE2 addresses known in advance: a counterfactual account's
/// signature (ERC-6492) names this factory and the call that deploys it.
contract TestSmartWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new TestSmartWallet{salt: salt}(owner));
    }
}
