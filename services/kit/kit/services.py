"""The platform's services, in one list: the launcher (deploy/local/config.py), the OpenAPI export
and the test fixtures read it. Standard library only: the launcher imports it before a venv exists.

The order is fixed: each service's local port (8101, 8102, ...) and its test Redis database follow it.
"""

SERVICES = ("identity", "catalog", "floor", "ordering", "billing", "notifications")
