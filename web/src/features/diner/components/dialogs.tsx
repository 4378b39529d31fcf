/** The dialogs load on the first tap on a dish, not with the menu (the phone's first load stays small). */
export { DishDialog } from './dish-dialog';
export { ReviewDialog } from './review-dialog';
export { CheckoutDialog } from './checkout-dialog';
