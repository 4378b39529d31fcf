-- One database per service (docker-compose; the local launcher creates them in deploy/local/setup.py).
CREATE DATABASE identity;
CREATE DATABASE catalog;
CREATE DATABASE floor;
CREATE DATABASE ordering;
CREATE DATABASE billing;
CREATE DATABASE notifications;
