/** The navigation bar: links for signed-out or signed-in users, colour-scheme toggle, mobile menu. */
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { NAV_ACCOUNT_MARKS } from '@mcat/contracts';
import { SHELL_NAV_ATTRIBUTE, type NavAccount } from '../../lib/nav-account';
import { useHydrated } from '../../lib/use-hydrated';
import { COMPACT_LAYOUT_ONLY, WIDE_LAYOUT_ONLY } from '../../lib/use-narrow-screen';
import { CrownIcon } from '../crown-icon';
import { ColorSchemeToggle } from './color-scheme-toggle';

interface NavItem {
  to: string;
  label: string;
}

const SIGNED_OUT_LINKS: readonly NavItem[] = [
  { to: '/', label: 'Start' },
  { to: '/guide', label: 'Guide' },
  { to: '/about', label: 'About' },
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
];

const SIGNED_IN_LINKS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/tests', label: 'Tests' },
  { to: '/questions', label: 'Questions' },
  { to: '/insights', label: 'Insights' },
  { to: '/re-review', label: 'Re-review' },
  { to: '/guide', label: 'Guide' },
  { to: '/about', label: 'About' },
  { to: '/profile', label: 'Profile' },
];

const UPGRADE_LINK: NavItem = { to: '/premium', label: 'Upgrade to Premium' };
const BILLING_LINK: NavItem = { to: '/billing', label: 'Billing' };

export interface NavBarProps {
  brandName: string;
  signedIn: boolean;
  /**
   * The signed-in student's account, or null while it is not known: in the dashboard's
   * prerendered shell, where each item that depends on it is rendered, marked with
   * `data-shell-nav` (NAV_ACCOUNT_MARKS), and index.html's second inline script keeps the ones
   * the stored account has. Billing staff see the Billing link; nobody else does.
   */
  account: NavAccount | null;
  onLogout: () => void;
}

/** Shown for the account, or, while it is not known, marked for the shell's script. */
const shownFor = (
  account: NavAccount | null,
  mark: string,
  shown: (known: NavAccount) => boolean,
) => (account === null ? { [SHELL_NAV_ATTRIBUTE]: mark } : shown(account) ? {} : null);

export function NavBar({ brandName, signedIn, account, onLogout }: NavBarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();

  const billing = signedIn
    ? shownFor(account, NAV_ACCOUNT_MARKS.billing, (known) => known.isBillingStaff)
    : null;
  const upgrade = signedIn
    ? shownFor(account, NAV_ACCOUNT_MARKS.free, (known) => !known.isPremium)
    : null;
  const premium = signedIn
    ? shownFor(account, NAV_ACCOUNT_MARKS.premium, (known) => known.isPremium)
    : null;
  const links = signedIn ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;
  const closeMenu = () => setMenuOpen(false);
  const logout = () => {
    closeMenu();
    onLogout();
  };

  const crown = premium ? (
    <CrownIcon
      titleAccess="Premium member"
      data-testid="premium-crown"
      sx={{ color: '#ffd54f', mx: 1 }}
      {...premium}
    />
  ) : null;

  return (
    <AppBar position="sticky" component="header" enableColorOnDark>
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          component={NavLink}
          to={signedIn ? '/dashboard' : '/'}
          color="inherit"
          onClick={closeMenu}
          sx={{ fontWeight: 700, fontSize: '1.1rem', textTransform: 'none', mr: 'auto' }}
        >
          {brandName}
        </Button>
        <Box sx={{ ...WIDE_LAYOUT_ONLY, alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          {links.map((link) => (
            <Button key={link.to} component={NavLink} to={link.to} end color="inherit">
              {link.label}
            </Button>
          ))}
          {billing ? (
            <Button component={NavLink} to={BILLING_LINK.to} end color="inherit" {...billing}>
              {BILLING_LINK.label}
            </Button>
          ) : null}
          {upgrade ? (
            <Button
              component={NavLink}
              to={UPGRADE_LINK.to}
              variant="contained"
              color="secondary"
              {...upgrade}
            >
              {UPGRADE_LINK.label}
            </Button>
          ) : null}
        </Box>
        {crown}
        <ColorSchemeToggle />
        {signedIn ? (
          <Button
            color="inherit"
            variant="outlined"
            onClick={logout}
            // In the dashboard's prerendered shell a click before React runs would sign no one out.
            disabled={!hydrated}
            sx={WIDE_LAYOUT_ONLY}
          >
            Logout
          </Button>
        ) : null}
        <IconButton
          color="inherit"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          // In the prerendered page a tap before React runs would open nothing: disabled till then.
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
          sx={COMPACT_LAYOUT_ONLY}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </IconButton>
      </Toolbar>
      <Collapse in={menuOpen} unmountOnExit sx={COMPACT_LAYOUT_ONLY}>
        <List id="mobile-menu" component="div" aria-label="Menu" sx={{ pb: 1 }}>
          {links.map((link) => (
            <ListItemButton key={link.to} component={NavLink} to={link.to} end onClick={closeMenu}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
          {billing ? (
            <ListItemButton
              component={NavLink}
              to={BILLING_LINK.to}
              end
              onClick={closeMenu}
              {...billing}
            >
              <ListItemText primary={BILLING_LINK.label} />
            </ListItemButton>
          ) : null}
          {upgrade ? (
            <ListItemButton
              component={NavLink}
              to={UPGRADE_LINK.to}
              onClick={closeMenu}
              {...upgrade}
            >
              <ListItemText primary={UPGRADE_LINK.label} />
            </ListItemButton>
          ) : null}
          {signedIn ? (
            <ListItemButton onClick={logout}>
              <ListItemText primary="Logout" />
            </ListItemButton>
          ) : null}
        </List>
      </Collapse>
    </AppBar>
  );
}
