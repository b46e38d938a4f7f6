// The referrals responses of the HTTP contract, named for components.schemas (see contract.ts).
export {};
