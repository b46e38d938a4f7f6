import { Route, Routes } from 'react-router';
import { CreatePage } from './create-page';
import { DetailPage } from './detail-page';
import { ListPage } from './list-page';

// Agents (support, admin): the list, making one, one agent's page. Paths are relative to /admin/agents.
export default function AgentsSection() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path="new" element={<CreatePage />} />
      <Route path=":id" element={<DetailPage />} />
    </Routes>
  );
}
