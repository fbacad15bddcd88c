/** The page frame: navigation bar, the routed page, footer. */
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import { NavBar } from '../components/layout/nav-bar';
import { Footer } from '../components/layout/footer';
import { api } from '../lib/api';
import { readStoredNavAccount } from '../lib/browser-storage';
import { navAccountOfUser } from '../lib/nav-account';
import { logout, selectSession } from '../features/auth/session-slice';
import { usePublicConfig } from '../features/site-config/config-api';
import { useAppDispatch, useAppSelector } from './hooks';

export function RootLayout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { isAuthenticated, user } = useAppSelector(selectSession);
  const config = usePublicConfig();

  const signOut = () => {
    dispatch(logout());
    dispatch(api.util.resetApiState());
    void navigate('/');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <NavBar
        brandName={config.brandName}
        signedIn={isAuthenticated}
        account={user ? navAccountOfUser(user) : readStoredNavAccount()}
        onLogout={signOut}
      />
      {/* At least a screen tall: the footer starts below the first screen, so a page whose data
          arrives after its first paint grows without moving the footer in view (layout shift). */}
      <Box component="main" id="main" sx={{ flexGrow: 1, minHeight: '100vh' }}>
        <Outlet />
      </Box>
      <Footer
        brandName={config.brandName}
        supportEmail={config.supportEmail}
        donationUrl={config.donationUrl}
      />
      <ScrollRestoration />
    </Box>
  );
}
