"""Shared service kit. Keep it small: only what every service needs."""
