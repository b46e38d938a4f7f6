// The back office's reports responses of the HTTP contract, named for components.schemas.
export {};
