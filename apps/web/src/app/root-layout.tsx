import { Outlet } from 'react-router';
import { FlashStack } from '../components/flash-stack.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <FlashStack />
    </>
  );
}
