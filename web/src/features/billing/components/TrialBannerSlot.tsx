import TrialBanner from './TrialBanner';

/**
 * Where the reader shows the billing banner. Not lazy: a separate chunk arrived after the passage
 * and pushed it down; the banner's code is a few KB the signed-in reader loaded anyway.
 */
export function TrialBannerSlot() {
  return <TrialBanner />;
}
