package apierror

// Realistic error bodies, from seed 000 (card platform ProblemDetails), seed 001 and the bank
// reference §1.5 (the bank's error body and its ServiceError shapes).
const (
	problemValidation = `{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1",` +
		`"title":"One or more validation errors occurred.","status":400,` +
		`"errors":{"person.email":["The email field is not a valid e-mail address."],` +
		`"person.first_name":["The first_name field is required.","The first_name field must be at most 40 characters."]},` +
		`"traceId":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}`

	problemNotFound = `{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.5","title":"Not Found","status":404,` +
		`"detail":"Card proxy 'proxy-123' does not exist","traceId":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}`

	// A validate-card 400 that echoes the card data back (the body must be masked).
	problemWithSecrets = `{"title":"Card validation failed","status":"400",` +
		`"detail":"card 4111 1111 1111 1111 could not be validated",` +
		`"errors":{"cvv":"The cvv does not match.","card_number":["The card_number is not active."]},` +
		`"card_number":"4111111111111111","cvv":"737","instance":"/api/v1/cards/validate","code":"CARD_INVALID"}`

	bankAOA104 = `{"ErrorMessage":"Missing mandatory information","TransactionId":"rrt-0b6d5a0e1f2c3d4e-b-ea-28167-1",` +
		`"X-CorrelationId":"7d2e1c04-5b6a-4f3e-9c8d-112233445566","TransactionTime":"2025-01-10T08:15:00.123Z",` +
		`"ServiceError":{"AOAResponse":{"Result":{"errorCode":"104"}}}}`

	bankConnect503 = `{"ErrorMessage":"Service Unavailable","TransactionId":"rrt-5c1f0e2d3b4a5968-c-wu-30411-2",` +
		`"X-CorrelationId":"7d2e1c04-5b6a-4f3e-9c8d-112233445566","TransactionTime":"2025-01-10T08:15:01.456Z",` +
		`"ServiceError":{"ConnectError":"Connection to the backend service failed"}}`

	bankInquiry400 = `{"ErrorMessage":"Error received from backend service","TransactionId":"3f2c9a10-77aa-4c1e-9d3e-0b1c2d3e4f50",` +
		`"X-CorrelationId":"0c8e2f4a-1b2c-4d5e-8f90-a1b2c3d4e5f6","TransactionTime":"2025-01-10T08:15:00.123Z",` +
		`"Api-Url":"/accounts/transactions/v1/ach/list","ServiceError":{"metadata":{"messages":[` +
		`{"code":"AI-List-400-fromDate-105","message":"fromDate must be YYYY-MM-DD"},` +
		`{"code":"AI-List-400-fromDate-117","message":"fromDate must not be more than 180 days back"}]}}}`

	bankPayment400 = `{"ErrorMessage":"Bad Request","TransactionId":"rrt-9a8b7c6d5e4f3a2b-a-eu-11234-7",` +
		`"X-CorrelationId":"5b0f6c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e","TransactionTime":"2025-01-10T09:30:05.001Z",` +
		`"Api-Url":"https://partner-api.bank.example/rtp/v1/payment/rtp/participant",` +
		`"ServiceError":{"status":"REJECTED","transactionId":"US25011000000042","requestReference":"RTP-REQ-42",` +
		`"sendersReference":"US25011000000042","valueDate":"2025-01-10",` +
		`"error":{"code":"BANK-1006","title":"Required field missing","description":"A required field is missing",` +
		`"detail":{"code":"BANK-1006-01","title":"creditorAccount","description":"creditorAccount.accountNumber is required"}},` +
		`"doddFrank":"NO"}}`

	gatewayHTML502 = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n" +
		"<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
)
