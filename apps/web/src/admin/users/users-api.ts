import type {
  AdminMovementPage,
  AdminUserMovementPage,
  AdminUserPage,
  AdminUserSearch,
} from '@kreyolcash/domain';
import { adminFetch } from '../api';

// The users area's calls (GET /api/admin/users…, /movements/:id); the shapes are the domain's.

export const searchUsers = (q: string) => adminFetch<AdminUserSearch>('/users', { query: { q } });
export const fetchUser = (id: string) => adminFetch<AdminUserPage>(`/users/${encodeURIComponent(id)}`);
export const fetchUserMovements = (id: string, cursor: string) =>
  adminFetch<AdminUserMovementPage>(`/users/${encodeURIComponent(id)}/movements`, { query: { cursor } });
export const fetchMovement = (id: string) =>
  adminFetch<AdminMovementPage>(`/movements/${encodeURIComponent(id)}`);
/** categoria: one of FREEZE_CATEGORIES to freeze, of UNFREEZE_CATEGORIES to unfreeze. */
export const setFrozen = (id: string, frozen: boolean, motivo: string, categoria: string) =>
  adminFetch(`/users/${encodeURIComponent(id)}/${frozen ? 'freeze' : 'unfreeze'}`, {
    method: 'POST',
    body: { motivo, categoria },
  });
