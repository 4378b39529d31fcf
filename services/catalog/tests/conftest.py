pytest_plugins = ["kit.testing"]
