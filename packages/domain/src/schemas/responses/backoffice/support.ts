// The back office's support responses of the HTTP contract, named for components.schemas.
export {};
