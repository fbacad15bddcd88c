/** "Free Tier Limit Reached": a plan-limit message with Maybe Later and Upgrade to Premium. */
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface UpgradeModalProps {
  /** The limit message to show; the modal is open while there is one. */
  message: string | null;
  onClose: () => void;
}

export function UpgradeModal({ message, onClose }: UpgradeModalProps) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby="upgrade-modal-title"
      aria-describedby="upgrade-modal-text"
    >
      <DialogTitle id="upgrade-modal-title">Free Tier Limit Reached</DialogTitle>
      <DialogContent>
        <DialogContentText id="upgrade-modal-text">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Maybe Later</Button>
        <Button variant="contained" onClick={() => void navigate('/premium?checkout=true')}>
          Upgrade to Premium
        </Button>
      </DialogActions>
    </Dialog>
  );
}
