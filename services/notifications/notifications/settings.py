from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    service_name: str = "notifications"
