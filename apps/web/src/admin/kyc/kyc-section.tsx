import { Route, Routes } from 'react-router';
import { QueuePage } from './queue-page';
import { ReviewPage } from './review-page';

// KYC review: the queue of pending document photos, and one review beside what the
// person typed. Paths are relative to /admin/kyc.
export default function KycSection() {
  return (
    <Routes>
      <Route index element={<QueuePage />} />
      <Route path=":id" element={<ReviewPage />} />
    </Routes>
  );
}
