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
