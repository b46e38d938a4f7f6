// The back office's users responses of the HTTP contract, named for components.schemas.
export {};
