import { Route, Routes } from 'react-router';
import { CompanyPage } from './company-page';
import { CompanySearch } from './company-search';

/** Moderation: find a company, then its page with its products and the actions. */
export default function ModerationSection() {
  return (
    <Routes>
      <Route index element={<CompanySearch />} />
      <Route path=":id" element={<CompanyPage />} />
    </Routes>
  );
}
