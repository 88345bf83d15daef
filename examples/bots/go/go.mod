module border-bot

go 1.19
