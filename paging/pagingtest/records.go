package pagingtest

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/issuerkit/issuerkit-go/paging"
)

// Records are synthetic and numbered from 1: record i carries i in its key fields and an
// amount of i cents, so that a test can check order and completeness.

// Key returns the key of record i as the sandbox writes it in every record's id field
// (transactionKey, parNumber, transactionId, participant name, addenda sequence aside).
func Key(i int) string { return fmt.Sprintf("K%09d", i) }

var (
	baseDate, _ = core.ParseDate("2025-01-09")
	account     = core.NewSecret("3123456789")
)

func previousDayRecord(i int) paging.PreviousDayTransaction {
	return paging.PreviousDayTransaction{
		TransactionKey: Key(i),
		BaiCode:        "195",
		Amount:         core.NewDecimalFromInt(int64(i), 2),
	}
}

func wireRecord(i int) paging.WireTransaction {
	return paging.WireTransaction{
		TransactionID:     Key(i),
		TransactionStatus: "COMPLETED",
		TransactionDate:   baseDate,
		TransactionAmount: core.NewDecimalFromInt(int64(i), 2),
		DebtorAccount:     paging.TransactionAccount{AccountNumber: account},
	}
}

func wireListRecord(i int) paging.WireListTransaction {
	return paging.WireListTransaction{
		TransactionID:     Key(i),
		TransactionStatus: "COMPLETED",
		TransactionDate:   baseDate,
		TransactionAmount: core.NewDecimalFromInt(int64(i), 2),
		DebtorAccount:     paging.TransactionAccount{AccountNumber: account},
	}
}

func rtpRecord(i int) paging.RTPListTransaction {
	return paging.RTPListTransaction{
		TransactionID:     Key(i),
		TransactionStatus: "COMPLETED",
		TransactionDate:   baseDate,
		TransactionAmount: core.NewDecimalFromInt(int64(i), 2),
		DebtorAccount:     paging.TransactionAccount{AccountNumber: account},
	}
}

func achRecord(i int) paging.ACHListTransaction {
	return paging.ACHListTransaction{
		ParNumber:         Key(i),
		TransactionStatus: "SETTLED",
		TraceNumber:       fmt.Sprintf("%015d", i),
		TransactionAmount: core.NewDecimalFromInt(int64(i), 2),
		SettlementDate:    baseDate,
		ReceivingAccount:  paging.ACHAccount{AccountNumber: account},
	}
}

func participantRecord(i int) paging.Party {
	return paging.Party{Name: Key(i), ABA: fmt.Sprintf("%09d", i%1_000_000_000)}
}

func addendaRecord(i, seq int) paging.ACHAddenda {
	return paging.ACHAddenda{
		AddendaTypeCode:           "05",
		AddendaSequenceNumber:     fmt.Sprintf("%04d", seq),
		PaymentRelatedInformation: Key(i),
	}
}
