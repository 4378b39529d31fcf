module github.com/restaurant-platform/requestid

go 1.22
