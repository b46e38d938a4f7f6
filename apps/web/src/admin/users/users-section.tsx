import { Route, Routes } from 'react-router';
import { MovementPageView } from './movement-page';
import { SearchPage } from './search-page';
import { UserPageView } from './user-page';

// Users: search, a user's page and a movement's page. Paths are relative to
// /admin/users; a movement is /admin/users/movements/:id.
export default function UsersSection() {
  return (
    <Routes>
      <Route index element={<SearchPage />} />
      <Route path="movements/:id" element={<MovementPageView />} />
      <Route path=":id" element={<UserPageView />} />
    </Routes>
  );
}
