"""Payments, the marketplace link, balance, statistics and commissions."""
