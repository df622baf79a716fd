-- Rate-limit counters are written on every limited request, each in a transaction of its own
-- (auth/rate-limit.ts: counted even when the request is then refused). Unlogged, such a write makes no
-- WAL, so its commit does not wait for a WAL flush (on PostgreSQL with synchronous_commit, a disk
-- flush per counted request: a task claim waited for two, its counter's and its own). The price: the
-- counters are emptied after a crash of the database (not after a clean restart), which opens every
-- window afresh once; they are not money. ADR 029.
ALTER TABLE "rate_limits" SET UNLOGGED;
