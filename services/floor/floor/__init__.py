"""The floor sketch: tables, chairs, delivery points, waiter calls and QR codes."""
