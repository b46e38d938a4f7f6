import { Route, Routes } from 'react-router';
import { QueuePage } from './queue-page';
import { ReportPage } from './report-page';

// "Wrong person" reports: the queue (open ones first, by deadline) and one report's
// page, where support reverses or rejects with a reason. Paths are relative to /admin/reports.
export default function ReportsSection() {
  return (
    <Routes>
      <Route index element={<QueuePage />} />
      <Route path=":id" element={<ReportPage />} />
    </Routes>
  );
}
