// The back office's operators responses of the HTTP contract, named for components.schemas.
export {};
