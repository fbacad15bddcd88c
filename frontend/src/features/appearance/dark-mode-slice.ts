/** The dark-mode preference, kept in local storage under `darkMode` as "true" or "false". */
import { createListenerMiddleware, createSlice } from '@reduxjs/toolkit';
import { readStoredDarkMode, writeStoredDarkMode } from '../../lib/browser-storage';

export interface AppearanceState {
  darkMode: boolean;
}

export const appearanceSlice = createSlice({
  name: 'appearance',
  initialState: (): AppearanceState => ({ darkMode: readStoredDarkMode() }),
  reducers: {
    darkModeToggled(state) {
      state.darkMode = !state.darkMode;
    },
  },
});

export const { darkModeToggled } = appearanceSlice.actions;

interface AppearanceRoot {
  appearance: AppearanceState;
}

export const selectDarkMode = (state: AppearanceRoot): boolean => state.appearance.darkMode;

export const appearancePersistence = createListenerMiddleware<AppearanceRoot>();

appearancePersistence.startListening({
  actionCreator: darkModeToggled,
  effect: (_action, listenerApi) => writeStoredDarkMode(listenerApi.getState().appearance.darkMode),
});
