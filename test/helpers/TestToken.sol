// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The parts of an ERC-20 token a payout uses, for the on-chain tests: the deployer holds the supply,
/// `transfer` pays one receiver and `batchTransfer` several in one transaction, as a Safe CSV
/// Airdrop batch does (one Transfer event per receiver). Compiled by the tests with solc (npm).
contract TestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function batchTransfer(address[] calldata to, uint256[] calldata values) external {
        require(to.length == values.length, "lengths differ");
        for (uint256 i = 0; i < to.length; i++) _transfer(msg.sender, to[i], values[i]);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "insufficient balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
