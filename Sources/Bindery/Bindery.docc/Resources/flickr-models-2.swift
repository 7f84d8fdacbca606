import Bindery
import Foundation

@JSONModel
struct PublicPhotos {
  var title: String
  var items: [Photo]
}

@JSONModel
struct Photo {
  var title: String
  var link: URL
  @Key("media.m") var imageURL: URL
  @Key("published") var date: Date
}
