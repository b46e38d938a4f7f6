// The back office's moderation responses of the HTTP contract, named for components.schemas.
export {};
