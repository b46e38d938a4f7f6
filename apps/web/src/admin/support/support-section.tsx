import { Route, Routes } from 'react-router';
import { QueuePage } from './queue-page';
import { RequestPage } from './request-page';

// Help requests from the app: the queue (waiting ones first, oldest first) and one request's page,
// where support answers and closes it. Paths are relative to /admin/support.
export default function SupportSection() {
  return (
    <Routes>
      <Route index element={<QueuePage />} />
      <Route path=":id" element={<RequestPage />} />
    </Routes>
  );
}
