/**
 * The least a page of this stack can be: React and MUI (theme, baseline styles, an app bar with
 * the navigation's six buttons) and the dashboard's heading, with no router, store, data or page
 * chunk. scripts/bench/frontend.bench.ts builds it and measures its Largest Contentful Paint the
 * way it measures the dashboard's, so every bench run shows how much of the dashboard's time the
 * stack itself takes on the machine it runs on.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from '../../src/lib/theme';

const NAVIGATION = ['Dashboard', 'Tests', 'Questions', 'Guide', 'Profile', 'Logout'];

function FloorPage() {
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      <AppBar position="static">
        <Toolbar>
          {NAVIGATION.map((label) => (
            <Button key={label} color="inherit">
              {label}
            </Button>
          ))}
        </Toolbar>
      </AppBar>
      <Container component="main">
        <Typography variant="h4" component="h1">
          Welcome, Bench Student!
        </Typography>
      </Container>
    </ThemeProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <FloorPage />
  </StrictMode>,
);
