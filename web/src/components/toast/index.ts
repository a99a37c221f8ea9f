export { toast } from './instance';
export { Toaster } from './Toaster';
export { useToastLane } from './lane';
