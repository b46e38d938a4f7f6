// The back office's audit responses of the HTTP contract, named for components.schemas.
export {};
