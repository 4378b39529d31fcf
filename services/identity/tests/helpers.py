PASSWORD = "Tomate-Rojo-81"


async def register_client(client, email="lucia@example.com", first_name="Lucía", password=PASSWORD) -> dict:
    answer = await client.post(
        "/api/cliente/",
        json={"fk_user": {"first_name": first_name, "email": email, "password": password, "password2": password}},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def token_header(token: str) -> dict[str, str]:
    return {"Authorization": f"Token {token}"}


OWNER_PASSWORD = "Brasa-Fuego-44"


async def register_owner(client, email="owner@example.com", nombre_local="La Parrilla") -> dict:
    answer = await client.post(
        "/api/restaurant/",
        json={"nombre_local": nombre_local, "telefono": "1145678901", "fk_user": {"email": email, "password": OWNER_PASSWORD, "password2": OWNER_PASSWORD}},
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    body["headers"] = token_header(body["auth_token"])
    return body


async def login(client, username: str, password: str) -> dict[str, str]:
    answer = await client.post("/api/auth/token/login/", json={"username": username, "password": password})
    assert answer.status_code == 200, answer.text
    return token_header(answer.json()["auth_token"])


def png(size=(20, 20)) -> bytes:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", size, (10, 120, 200)).save(buffer, "PNG")
    return buffer.getvalue()


def refused_at(answer, path: tuple[str, ...]) -> list[str]:
    """The messages a 400 answer gives for the field at `path` (nested objects nest the errors)."""
    assert answer.status_code == 400, answer.text
    node = answer.json()
    for key in path:
        node = node[key]
    return node


async def assert_nothing_was_mailed(client, mailbox) -> None:
    """No mail went out before now. Reset mails leave in the request's background task, which the
    test client runs before it answers; a reset asked now for a real account is then the one mail."""
    await register_client(client, email="testigo@example.com")
    assert (await client.post("/api/auth/users/reset_password/", json={"email": "testigo@example.com", "is_resto": False})).status_code == 204
    assert [m["To"] for m in mailbox.messages] == ["testigo@example.com"]
