import { Outlet } from 'react-router';

// Placeholder: the header with navigation and the user menu is filled by the foundation work.
export default function StaffLayout() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  );
}
