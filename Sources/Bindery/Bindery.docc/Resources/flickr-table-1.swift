import Bindery
import Foundation

func printTable(_ feed: PublicPhotos) {
  print(feed.title)
  for photo in feed.items {
    let title = photo.title.isEmpty ? "(untitled)" : photo.title
    let day = photo.date.formatted(date: .abbreviated, time: .omitted)
    print("\(title)  \(day)  \(photo.tags.joined(separator: ", "))")
  }
}
