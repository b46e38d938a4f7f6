import { Route, Routes } from 'react-router';
import { QueuePage } from './queue-page';
import { ReportPage } from './report-page';

// Disputes ("wrong person" reports among them): the queue (open ones first, by deadline) and one
// dispute's page, where support decides with a reason. Paths are relative to /admin/reports.
export default function ReportsSection() {
  return (
    <Routes>
      <Route index element={<QueuePage />} />
      <Route path=":id" element={<ReportPage />} />
    </Routes>
  );
}
