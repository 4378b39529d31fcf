"""Menus, categories, dishes, images, prices and the public menu."""
