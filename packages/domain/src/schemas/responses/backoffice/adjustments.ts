// The back office's adjustments responses of the HTTP contract, named for components.schemas.
export {};
