// The back office's kyc responses of the HTTP contract, named for components.schemas.
export {};
