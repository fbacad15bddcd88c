/** Shown when rendering a route throws: "Unexpected Application Error!". */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ERRORS } from '@mcat/contracts';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
};

export function RouterErrorScreen() {
  const error = useRouteError();
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {ERRORS.routerError}
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        {describe(error)}
      </Alert>
      <Button variant="contained" href="/">
        Go to the home page
      </Button>
    </Container>
  );
}
