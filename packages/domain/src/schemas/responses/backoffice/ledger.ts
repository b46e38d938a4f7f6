// The back office's ledger responses of the HTTP contract, named for components.schemas.
export {};
