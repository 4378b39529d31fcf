export default function DishListPage() {
  return null;
}
